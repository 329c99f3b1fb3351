import type { ComponentType } from 'react';
import type { ModuleAfterPaint } from './module-after-paint';

/**
 * A component of a module loaded after the first paint (moduleAfterPaint), standing where it is used: nothing
 * until the module has arrived, then the component with the same props. Only these elements re-render when it
 * arrives, not the page around them: on the Record tab, its later parts arriving re-rendered the whole tab
 * (about 440 components) while the page read the module itself.
 *
 * A load that failed is asked for again when the connection returns, at each new mount, and, if
 * `askAgainWhen` is given, when what it answers for the props changes (a dialog's `open`: a question asked
 * while offline shows once its code arrives).
 */
export function componentAfterPaint<Module, Props extends object>(
  useModule: ModuleAfterPaint<Module>,
  pick: (module: Module) => ComponentType<Props>,
  askAgainWhen?: (props: Props) => unknown,
): ComponentType<Props> {
  function AfterPaint(props: Props) {
    const module = useModule(askAgainWhen?.(props));
    if (!module) return null;
    const Component = pick(module);
    return <Component {...props} />;
  }
  return AfterPaint;
}
