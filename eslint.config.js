// eslint over the site's JavaScript (static/js, served as ES modules with no build step)
// and the unit tests of its pure modules (tests/js, run by node --test). Flat config;
// eslint and its rule set are pinned in package-lock.json.
import js from "@eslint/js";
import globals from "globals";

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
