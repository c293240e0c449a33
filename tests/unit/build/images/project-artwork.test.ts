import { describe, expect, test } from "vitest";
import { projectArtworkPath } from "../../../../build/compile-content.ts";
import { projectArtwork, projectArtworkFiles } from "../../../../build/plugins/project-artwork.ts";
import type { PortfolioProject } from "../../../../src/schemas/portfolio-project.ts";

const project = (id: string, fields: Partial<PortfolioProject> = {}): PortfolioProject => ({
  id,
  title: "Moonlit Arcana Tarot",
  description: "A tarot reading app.",
  category: "Astrology",
  client: "Moonlit",
  year: 2024,
  technologies: ["Flutter"],
  ...fields,
});

describe("projectArtwork", () => {
  test("should draw the project's name on its app's screen, in its own colour", () => {
    const svg = projectArtwork(project("moonlit", { title: "Tiffin & Trail Food Ordering", color: "#e8590c" }));
    expect(svg).toContain(">Tiffin &amp; Trail<");
    expect(svg).toContain('fill="#e8590c"');
    expect(svg).toContain('aria-label="Illustration of the astrology app Tiffin &amp; Trail Food Ordering"');
  });

  test("should give every astrology project of the real portfolio's size a picture of its own", () => {
    const ids = Array.from({ length: 15 }, (_, i) => `astrology-app-${i}`);
    const pictures = new Set(ids.map((id) => projectArtwork(project(id, { title: "Same Name" }))));
    expect(pictures.size).toBe(ids.length);
  });

  test("should draw each kind of app differently", () => {
    const screen = (category: PortfolioProject["category"]) =>
      projectArtwork(project("same", { category, color: "#2563eb" })).split('clip-path="url(#scr)"')[1];
    expect(new Set((["Transport", "Social", "Real Estate", "Logistics"] as const).map(screen)).size).toBe(4);
  });
});

describe("projectArtworkFiles", () => {
  test("should draw only the projects that name no image of their own", () => {
    const files = projectArtworkFiles([
      { ...project("drawn"), image: projectArtworkPath("drawn") },
      { ...project("photo"), image: "/images/portfolio/photo.jpg" },
    ]);
    expect(files.map((file) => file.path)).toEqual(["images/portfolio/drawn/drawn.svg"]);
  });
});
