import path from "node:path";
import * as esbuild from "esbuild";
import type { SiteContent } from "../../../src/lib/content.ts";
import { serializeJson } from "../../../src/lib/island-wrapper.tsx";
import type { Stylesheets } from "../../../src/lib/stylesheets.ts";
import type { AdminData } from "../../../src/admin/config.ts";
import { collectionEntries } from "../../../src/schemas/collections.ts";
import type { OutputFile } from "../../styles.ts";
import type { BuildCache } from "../../cache.ts";
import { plugin } from "../../plugin.ts";
import { type CmsBackend, cmsBackendFromEnv, cmsConfig, cmsRepository, cmsYamlFormats } from "./cms-config.ts";
import { BuildError, rethrowAs } from "../../errors.ts";
import { routeShapes } from "../../routes.ts";

/** Where the editor is served; its own folder, so CloudFront and the local server give it its own headers. */
export const ADMIN_DIR = "admin";
const ENTRY = "src/admin/cms.tsx";

/**
 * What "decap-cms-app" is in this bundle: Decap's core with only the backends, widgets and locale our configuration
 * (build/cms-config.ts) can name. Decap's own app registers every one (all its locales, a map widget with OpenLayers, a
 * rich-text editor, a colour picker, six other git hosts), which more than doubled what an editor loads.
 */
const WIDGETS = [
  "string",
  "number",
  "text",
  "image",
  "file",
  "select",
  "markdown",
  "list",
  "object",
  "relation",
  "boolean",
  "datetime",
  "code",
];
const DECAP_APP = `
import { DecapCmsCore as CMS } from "decap-cms-core";
import { GitHubBackend } from "decap-cms-backend-github";
import { ProxyBackend } from "decap-cms-backend-proxy";
import imageComponent from "decap-cms-editor-component-image";
import { en } from "decap-cms-locales";
${WIDGETS.map((name) => `import ${name} from "decap-cms-widget-${name}";`).join("\n")}
CMS.registerBackend("github", GitHubBackend);
CMS.registerBackend("proxy", ProxyBackend);
CMS.registerWidget([${WIDGETS.map((name) => `${name}.Widget()`).join(", ")}]);
CMS.registerEditorComponent(imageComponent);
CMS.registerEditorComponent({ id: "code-block", label: "Code Block", widget: "code", type: "code-block" });
CMS.registerLocale("en", en);
export default CMS;
`;
const decapApp = (rootDir: string): esbuild.Plugin => ({
  name: "decap-cms-app",
  setup(build) {
    build.onResolve({ filter: /^decap-cms-app$/ }, () => ({ path: "decap-cms-app", namespace: "decap-cms-app" }));
    build.onLoad({ filter: /.*/, namespace: "decap-cms-app" }, () => ({
      contents: DECAP_APP,
      // Decap's packages resolve from its app's folder, as its own import of them does.
      resolveDir: path.join(rootDir, "node_modules/decap-cms-app"),
      loader: "js",
    }));
  },
});

/**
 * The bundle of /admin: Decap CMS and the preview templates (src/admin/cms.tsx), split so that what Decap loads on
 * demand (editor modes, image encoders) stays out of the first load. Nothing else of the site imports it. Kept in the
 * build cache by its sources and the lock file: it changes only when src/admin, the components it previews or the
 * installed packages change.
 */
async function bundleAdmin(
  rootDir: string,
  cache: BuildCache,
): Promise<{ files: OutputFile[]; entry: string; cached: boolean }> {
  const { bytes, cached } = await cache.bundle("admin", async () => {
    const outdir = path.join(rootDir, "dist", ADMIN_DIR);
    const result = await esbuild
      .build({
        entryPoints: [{ in: path.join(rootDir, ENTRY), out: "cms" }],
        absWorkingDir: rootDir,
        bundle: true,
        minify: true,
        splitting: true,
        format: "esm",
        outdir,
        entryNames: "[name]-[hash]",
        chunkNames: "chunks/[name]-[hash]",
        assetNames: "chunks/[name]-[hash]",
        write: false,
        metafile: true,
        target: ["es2022", "chrome111", "firefox111", "safari16.4"],
        // Decap's dependencies were written for webpack, which supplied these.
        define: { "process.env.NODE_ENV": '"production"', global: "globalThis" },
        jsx: "automatic",
        legalComments: "none",
        logLevel: "silent",
        plugins: [decapApp(rootDir)],
        loader: { ".wasm": "file", ".woff": "file", ".woff2": "file", ".ttf": "file", ".svg": "file", ".png": "file" },
      })
      .catch(rethrowAs("Having trouble bundling the content editor, src/admin/cms.tsx"));
    const distDir = path.join(rootDir, "dist");
    const files = (result.outputFiles ?? []).map((file) => ({
      path: path.relative(distDir, file.path).split(path.sep).join("/"),
      contents: Buffer.from(file.contents).toString("base64"),
    }));
    // Decap's lazily loaded modules are entry points too: the one to link is ours.
    const entry = Object.entries(result.metafile.outputs).find(([, out]) => out.entryPoint === ENTRY)?.[0];
    if (!entry) throw new BuildError(`esbuild produced no output for ${ENTRY}`);
    const packed = { entry: `/${path.relative(distDir, path.join(rootDir, entry)).split(path.sep).join("/")}`, files };
    // Keyed by our sources, this module's options and the lock file, which pins every package bundled (Decap's
    // thousands of files among them) and esbuild itself: a warm start reads a few dozen files, not node_modules.
    const sources = Object.keys(result.metafile.inputs).filter((input) => !input.includes("node_modules/"));
    const inputs = [...sources, "build/plugins/admin/admin.ts", "package-lock.json"];
    return { bytes: Buffer.from(JSON.stringify(packed)), inputs };
  });
  const packed = JSON.parse(bytes.toString("utf8")) as { entry: string; files: { path: string; contents: string }[] };
  return {
    entry: packed.entry,
    cached,
    files: packed.files.map((file) => ({ path: file.path, contents: Buffer.from(file.contents, "base64") })),
  };
}

/**
 * /admin/index.html: noindex, no site chrome, the generated configuration and the preview's inputs as inert JSON, and
 * the editor's script. The page is never linked, listed in the sitemap, the search index or a feed.
 */
function adminPage({
  entry,
  content,
  stylesheet,
  backend,
  pages,
  patterns,
}: {
  entry: string;
  content: SiteContent;
  stylesheet: Stylesheets;
  backend: CmsBackend;
  /** The site's pages, and the shapes of those made from content, for the link rule. */
  pages: string[];
  patterns: string[][];
}): OutputFile {
  const data: AdminData = {
    config: cmsConfig({ backend, siteUrl: content.site.url }),
    yamlFormats: cmsYamlFormats(),
    styles: [stylesheet.shell, ...stylesheet.pages.map((sheet) => sheet.href)],
    preview: { site: content.site, productPage: content.productPage },
    links: {
      pages,
      patterns,
      templates: Object.fromEntries(
        collectionEntries().flatMap(([name, entry]) =>
          entry.kind === "folder" && entry.page ? [[name, entry.page]] : [],
        ),
      ),
    },
  };
  const html = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex, nofollow">
<title>Content editor · ${escapeHtml(content.site.name)}</title>
<script type="application/json" id="cms-data">${serializeJson(data)}</script>
<script type="module" src="${entry}"></script>
</head>
<body></body>
</html>
`;
  return { path: `${ADMIN_DIR}/index.html`, contents: Buffer.from(html) };
}

function escapeHtml(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
}

/** Where /admin saves: given by the caller (tests, npm run dev), else read from the environment. */
export interface AdminOptions {
  cmsBackend?: CmsBackend;
  /** A build for a stack (the CDK app), with its githubRepo setting: /admin must then name the repository it saves to. */
  deployment?: { githubRepo: string | undefined };
  /** The environment the backend is read from (build/plugins/admin/cms-config.ts cmsBackendFromEnv); the process's by default. */
  env?: Readonly<Record<string, string | undefined>>;
}

/**
 * /admin: the editor's bundle (made or read from the cache once per session, like the islands) and its page, whose
 * configuration is generated from the content model.
 * @throws SettingError when a deployment's build cannot say where /admin saves: before any stage runs
 */
export function admin({ cmsBackend, deployment, env = process.env }: AdminOptions) {
  if (!cmsBackend) cmsRepository(env, deployment);
  let bundled: ReturnType<typeof bundleAdmin> | undefined;
  return plugin({
    name: "admin",
    when: "late",
    needs: ({ rootDir, content, bundle, heads }) => ({
      rootDir,
      content,
      stylesheet: bundle.stylesheet,
      pages: heads.flatMap(({ route }) => (route.special ? [] : [route.path])),
    }),
    // Never linked: its file names are known once bundled.
    paths: () => [],
    make: async ({ rootDir, content, stylesheet, pages }, cache) => {
      bundled ??= bundleAdmin(rootDir, cache);
      const { entry, files, cached } = await bundled;
      const backend = cmsBackend ?? cmsBackendFromEnv(env, content.site.url, deployment);
      const { patterns } = await routeShapes(path.join(rootDir, "src/pages"));
      return {
        files: [...files, adminPage({ entry, content, stylesheet, backend, pages, patterns })],
        detail: `${files.length + 1} files${cached ? " (cached)" : ""}, saving to ${savesTo(backend)}`,
      };
    },
  });
}

function savesTo(backend: CmsBackend): string {
  if (backend.kind === "github") return `github.com/${backend.repo} (${backend.branch})`;
  return backend.kind === "local-git"
    ? `the local checkout through npm run dev, a branch per entry merged into ${backend.branch}`
    : "the local checkout's content/ through npm run dev";
}
