import { startTransition, useEffect, useState } from 'react';

/**
 * A module a page can paint without, loaded once the page has rendered: a hook that answers null until the
 * module has arrived, then the module. No React.lazy: a chunk that fails to load (offline before the
 * service worker has it, or a deploy that replaced it while the tab was open) must not throw into the page,
 * least of all mid-recording; the page goes on without it and fetches it again at the next chance (a new
 * `retryKey`, or the next component that asks). Every caller shares one load.
 */
export interface ModuleAfterPaint<Module> {
  (retryKey?: unknown): Module | null;
  /** Loads the module now: from then on the hook answers it from the first render (component tests use it). */
  preload(): Promise<Module>;
}

export function moduleAfterPaint<Module>(importModule: () => Promise<Module>): ModuleAfterPaint<Module> {
  let loaded: Module | null = null;
  let loading: Promise<Module> | null = null;
  const load = (): Promise<Module> =>
    (loading ??= importModule().then(
      (module) => (loaded = module),
      (error: unknown) => {
        loading = null;
        throw error;
      },
    ));
  const useModuleAfterPaint = function useModuleAfterPaint(retryKey?: unknown): Module | null {
    const [module, setModule] = useState(loaded);
    useEffect(() => {
      if (module) return;
      let current = true;
      load().then(
        // As a transition: the page re-renders with the module in slices, never one long task while the
        // clinician may be tapping (docs/first-load.md).
        (loadedModule) => current && startTransition(() => setModule(() => loadedModule)),
        () => undefined,
      );
      return () => {
        current = false;
      };
    }, [module, retryKey]);
    return module;
  };
  return Object.assign(useModuleAfterPaint, { preload: load });
}
