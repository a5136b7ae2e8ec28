import { startRun } from "../../e2e/support/global-setup";

/** The Chromium suite's setup (mail, stills host, database, production build), with its one shared app. */
export default function globalSetup() {
  return startRun(["shared"]);
}
