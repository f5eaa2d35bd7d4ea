import { type ComponentType, lazy, Suspense, useState } from 'react';

/**
 * `load`'s component, its code split off the first page: it loads when first rendered and renders nothing until
 * then. For controls built on Radix (menus, popovers, tooltips): Radix and floating-ui, 33 kB gzipped, then arrive
 * beside the page's own chunk instead of in front of it.
 */
export function lazyComponent<P extends object>(load: () => Promise<ComponentType<P>>): ComponentType<P> {
  const Loaded = lazy(() => load().then((component) => ({ default: component })));
  return function LazyComponent(props: P) {
    return (
      <Suspense fallback={null}>
        <Loaded {...props} />
      </Suspense>
    );
  };
}

/**
 * A dialog or panel whose code loads the first time it opens: a closed one costs no page anything. `useOpen` reads
 * whether it is open from the store or props the component itself reads. Until the first open it renders nothing,
 * as a closed dialog does; from then on it stays mounted, so it closes the way it always did and reopens at once.
 */
export function lazyWhenOpen<P extends object>(
  load: () => Promise<ComponentType<P>>,
  useOpen: (props: P) => boolean,
): ComponentType<P> {
  const Loaded = lazyComponent(load);
  return function LazyWhenOpen(props: P) {
    const open = useOpen(props);
    const [opened, setOpened] = useState(open);
    // Set during render, React's way to derive state from a change: no extra commit while it stays closed.
    if (open && !opened) setOpened(true);
    return open || opened ? <Loaded {...props} /> : null;
  };
}
