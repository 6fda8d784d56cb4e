// Types of scripts/module-graph.mjs.
export const WEB_BUNDLE_INPUTS: string[]
export function moduleGraphProblems(opts: { webInputs: string[]; bundles: Record<string, string> }): string[]
export function checkBuiltModuleGraph(buildDir: string): void
