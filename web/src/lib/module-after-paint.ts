import { startTransition, useEffect, useState } from 'react';

/**
 * A module a page can paint without, loaded once the page has rendered: a hook that answers null until the
 * module has arrived, then the module. No React.lazy: a chunk that fails to load (offline before the
 * service worker has it, or a deploy that replaced it while the tab was open) must not throw into the page,
 * least of all mid-recording; the page goes on without it and fetches it again at the next chance: when the
 * connection returns, at a new `retryKey`, or when the next component asks. Every caller shares one load.
 * componentAfterPaint (component-after-paint.tsx) renders a component of such a module in its place.
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
    // Counts the connection's returns after a failed load: each asks again (offline is the usual failure).
    const [reconnections, setReconnections] = useState(0);
    useEffect(() => {
      if (module) return;
      let current = true;
      const askAgain = () => setReconnections((count) => count + 1);
      load().then(
        // As a transition: the page re-renders with the module in slices, never one long task while the
        // clinician may be tapping (docs/first-load.md).
        (loadedModule) => current && startTransition(() => setModule(() => loadedModule)),
        () => current && window.addEventListener('online', askAgain, { once: true }),
      );
      return () => {
        current = false;
        window.removeEventListener('online', askAgain);
      };
    }, [module, retryKey, reconnections]);
    return module;
  };
  return Object.assign(useModuleAfterPaint, { preload: load });
}
