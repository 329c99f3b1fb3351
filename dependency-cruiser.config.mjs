// The import rules `npm run check` enforces on the whole graph (`npm run depcheck`, which reports through
// scripts/depcheck-report.mjs); ESLint checks each file.
//
// A cycle means two parts cannot be understood, tested or changed apart, and on the server it is how one
// feature ends up reaching into another's internals. Type-only imports count: they vanish at run time, but
// a type cycle is still a design cycle.
//
// How to fix one on the server: mechanics several features need (cursors, name search) go to
// functions/src/common/, Firestore mechanics (converters, paging, Timestamps) to functions/src/firestore/;
// when a feature needs another's behaviour, the lower one declares a port (an interface it owns) and
// functions/src/services.ts, the composition root, fills it in.
/** @type {import('dependency-cruiser').IConfiguration} */
export default {
  forbidden: [
    {
      name: "no-import-cycle",
      severity: "error",
      comment:
        "These modules import each other (the imports are listed above). Move what both need into a " +
        "module both may import, or invert one import with a port (an interface the lower side owns).",
      from: { path: "^((functions|web|contract|extension)/src|emulators)/" },
      to: { circular: true },
    },
    {
      name: "no-feature-cycle",
      scope: "folder",
      severity: "error",
      comment:
        "Two folders (features) import each other, through the folders listed. Move what both need to " +
        "functions/src/common/ (or firestore/), or let the lower feature declare a port (an interface) that " +
        "functions/src/services.ts fills in, so the dependency points one way.",
      from: { path: "^((functions|web|contract|extension)/src|emulators)/" },
      to: { circular: true },
    },
    {
      name: "common-knows-no-feature",
      severity: "error",
      comment:
        "functions/src/common/ and functions/src/firestore/ hold mechanics every feature may use, so they " +
        "import no feature. Move the feature-specific part back into its feature.",
      from: { path: "^functions/src/(common|firestore)/" },
      to: { path: "^functions/src/", pathNot: "^functions/src/(common|firestore)/" },
    },
    // The web app's layers: app -> features -> shared. A feature is a unit a newcomer can read alone, so
    // features never import each other (what two need goes down into shared), and shared code never reaches
    // up into a feature or the app. (Checked here rather than with eslint-plugin-boundaries: its TypeScript
    // resolver needs platform binaries that the registry these machines reach does not carry, so `npm ci`
    // failed on a clean clone; dependency-cruiser already resolves web/'s "@/" paths.)
    {
      name: "web-feature-imports-feature",
      severity: "error",
      comment:
        "The web app is layered app -> features -> shared, and features never import each other: move what " +
        "both features need into shared (web/src/components, data, lib), or compose them in web/src/app.",
      from: { path: "^web/src/features/([^/]+)/" },
      to: { path: "^web/src/features/", pathNot: "^web/src/features/$1/" },
    },
    {
      name: "web-feature-imports-app",
      severity: "error",
      comment: "The web app is layered app -> features -> shared: a feature may not import web/src/app; the app composes features.",
      from: { path: "^web/src/features/" },
      to: { path: "^web/src/app/" },
    },
    {
      name: "web-shared-imports-up",
      severity: "error",
      comment:
        "The web app is layered app -> features -> shared: shared code (components, data, lib, config, theme, " +
        "types, test) may import neither a feature nor the app. Move the part it needs down into shared.",
      from: { path: "^web/src/(components|data|lib|config|theme|types|test)/" },
      to: { path: "^web/src/(app|features)/" },
    },
    {
      name: "web-file-outside-layers",
      severity: "error",
      comment:
        "Every file under web/src belongs to a layer: app/, features/<feature>/, or shared (components, data, " +
        "lib, config, theme, types, test). Give a new top-level folder a layer in dependency-cruiser.config.mjs.",
      from: { path: "^web/src/", pathNot: "^web/src/((app|features|components|data|lib|config|theme|types|test)/|main\\.tsx$|vite-env\\.d\\.ts$)" },
      to: {},
    },
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    // Tests sit outside the layers (a test may import any folder and the test harness), so they are not cruised.
    exclude: { path: "((^|/)(lib|dist|node_modules)/|\\.test\\.tsx?$)" },
    tsPreCompilationDeps: true,
    // web/ resolves "@/..." through its tsconfig paths; functions/ and contract/ use relative imports.
    tsConfig: { fileName: "web/tsconfig.json" },
    enhancedResolveOptions: {
      exportsFields: ["exports"],
      conditionNames: ["import", "require", "node", "default", "types"],
      extensions: [".ts", ".tsx", ".js", ".mjs", ".cjs", ".json"],
    },
  },
};
