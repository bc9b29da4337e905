// The virtual screen reader, for the page's browser test: bundled into one script that gives
// the page `window.virtual`.
import { virtual } from "@guidepup/virtual-screen-reader/browser.js";

window.virtual = virtual;
