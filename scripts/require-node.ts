// Imported first by every entry point: the project targets Node 24, the Lambda runtime.
const major = Number(process.versions.node.split(".")[0]);
if (major < 24) {
  console.error(
    `This project needs Node 24 or later (found ${process.version}); run it through npm (npm start, npm test, npm run build), which uses the Node 24 installed in node_modules.`,
  );
  process.exit(1);
}
