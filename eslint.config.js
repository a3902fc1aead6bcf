// eslint over the site's JavaScript (static/js, served as ES modules with no build step)
// and the unit tests of its pure modules (tests/js, run by node --test). Flat config;
// eslint and its rule set are pinned in package-lock.json.
import js from "@eslint/js";
import globals from "globals";

const STORAGES = ["localStorage", "sessionStorage"];
const THROUGH_STORAGE = "Read and write the browser's storage through storage.js (read, write).";

export default [
  js.configs.recommended,
  {
    files: ["static/js/**/*.js"],
    languageOptions: {
      ecmaVersion: 2022,
      sourceType: "module",
      globals: { ...globals.browser },
    },
  },
  {
    // The browser's storage through storage.js alone: its one guard is what keeps a page
    // working where storage is refused (private mode, storage off, a full quota). The two
    // plain scripts that put the player's looks on <html> before the first paint (theme.js,
    // tile-faces.js) cannot import a module, so they keep a guard of their own.
    files: ["static/js/**/*.js"],
    ignores: ["static/js/storage.js", "static/js/theme.js", "static/js/tile-faces.js"],
    rules: {
      "no-restricted-globals": ["error", ...STORAGES.map((name) => ({ name, message: THROUGH_STORAGE }))],
      "no-restricted-properties": [
        "error",
        ...["window", "globalThis", "self"].flatMap((object) =>
          STORAGES.map((property) => ({ object, property, message: THROUGH_STORAGE })),
        ),
      ],
    },
  },
  {
    files: ["tests/js/**/*.js", "eslint.config.js"],
    languageOptions: { ecmaVersion: 2022, sourceType: "module", globals: { ...globals.node } },
  },
  {
    rules: {
      // An unused argument keeps a callback's signature readable (a leading _ says so),
      // and a caught error the code deliberately ignores is named for what it is.
      "no-unused-vars": [
        "error",
        { args: "after-used", argsIgnorePattern: "^_", caughtErrors: "none" },
      ],
    },
  },
];
