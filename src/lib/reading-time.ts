import { READING_WORDS_PER_MINUTE } from "./limits.ts";

/** Whole minutes to read a text at READING_WORDS_PER_MINUTE, never less than 1. */
export function readingMinutes(text: string): number {
  const words = text.split(/\s+/).filter((w) => /[\p{L}\p{N}]/u.test(w)).length;
  return Math.max(1, Math.round(words / READING_WORDS_PER_MINUTE));
}

/** "6 min read" */
export const formatReadTime = (minutes: number) => `${minutes} min read`;
