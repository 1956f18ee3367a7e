/**
 * A screen fetched with its first visit: each page of the app is its own chunk of the build, so
 * a first load carries the code of the screen it opens and no other (an App page never brings
 * Ask's or Build's), and a screen's code growing leaves every other screen's load as it was.
 * Once fetched, a screen renders at once on every later visit.
 */
import type { ComponentType, FunctionComponent } from 'preact';
import { useEffect, useState } from 'preact/hooks';

type Loaded<P> = { screen: ComponentType<P> } | { failed: true };

export function lazyScreen<P extends object>(load: () => Promise<ComponentType<P>>): FunctionComponent<P> {
  let ready: Loaded<P> | undefined;
  let loading: Promise<Loaded<P>> | undefined;
  const fetchOnce = () =>
    (loading ??= load().then(
      (screen) => (ready = { screen }),
      // A build replaced under a running server renames its chunks: the page must be reloaded.
      // The next visit tries the fetch again.
      () => {
        loading = undefined;
        return { failed: true as const };
      },
    ));
  return function LazyScreen(props: P) {
    const [loaded, setLoaded] = useState<Loaded<P> | undefined>(ready);
    useEffect(() => {
      if (loaded !== undefined) return;
      let gone = false;
      void fetchOnce().then((l) => void (gone || setLoaded(l)));
      return () => void (gone = true);
    }, []);
    if (loaded === undefined)
      return (
        <p role="status" class="loading">
          Loading…
        </p>
      );
    if ('failed' in loaded) return <p role="alert">This screen could not be loaded. Reload the page to get svc's current version.</p>;
    return <loaded.screen {...props} />;
  };
}
