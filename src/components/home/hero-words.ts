/** The words the hero types, in order (SPEC, Home). The stylesheet's typewriter keyframes are built from them. */
export const HERO_WORDS = ["Startup Ideas", "Mobile Apps", "Web Platforms"];
