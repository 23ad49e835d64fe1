// The one declaration of what the kit reads of `process`: `process.env.NODE_ENV`, tested at
// each development-only explanation (see core/explainInDevelopment.ts) so that an app's
// bundler folds the test and drops the explanation from production builds. It merges with
// Node's own types where those are loaded, and stands alone where they are not (the
// published declarations are built without them and never mention `process`).
declare namespace NodeJS {
  interface ProcessEnv {
    NODE_ENV?: string;
  }
  interface Process {
    env: ProcessEnv;
  }
}
declare var process: NodeJS.Process;
