import { accessSync, constants, readFileSync } from "node:fs";
import path from "node:path";

/** One line of scripts/system-packages.txt: a Debian package the tests need, and how to tell it is there. */
export interface SystemPackage {
  name: string;
  /** A command looked up on PATH, or an absolute file. */
  command: string;
  /** Set, it names the copy the tests use instead, and the package is not needed. */
  variable?: string;
}

const LIST = path.join(import.meta.dirname, "system-packages.txt");

export function systemPackages(text = readFileSync(LIST, "utf8")): SystemPackage[] {
  return text
    .split("\n")
    .map((line) => line.trim())
    .filter((line) => line !== "" && !line.startsWith("#"))
    .map((line) => {
      const [name = "", command = "", variable] = line.split(/\s+/);
      return { name, command, ...(variable ? { variable } : {}) };
    });
}

const executable = (file: string) => {
  try {
    accessSync(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
};

const onPath = (command: string, env: NodeJS.ProcessEnv) =>
  (env.PATH ?? "").split(path.delimiter).some((folder) => folder !== "" && executable(path.join(folder, command)));

/** The packages neither installed nor replaced by their variable. */
export function missingSystemPackages(env: NodeJS.ProcessEnv = process.env, list = systemPackages()): SystemPackage[] {
  return list.filter(({ command, variable }) => {
    if (variable && env[variable]) return false;
    return path.isAbsolute(command) ? !executable(command) : !onPath(command, env);
  });
}

/** One line for the person running `npm test`: what is missing and the command that installs it. */
export function missingPackagesMessage(missing: SystemPackage[]): string {
  const names = missing.map((item) => item.name).join(" ");
  return `npm test needs Debian's ${names}: install with \`sudo apt-get install -y ${names}\` (or bash scripts/install-system-packages.sh)`;
}
