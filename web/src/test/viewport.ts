/** A MediaQueryList that answers `matches` and ignores listeners: jsdom has no matchMedia of its own. */
export function staticMediaQueryList(query: string, matches: boolean): MediaQueryList {
  return {
    matches,
    media: query,
    onchange: null,
    addEventListener: () => {},
    removeEventListener: () => {},
    addListener: () => {},
    removeListener: () => {},
    dispatchEvent: () => false,
  };
}

/** Makes window.matchMedia answer max-width/min-width queries as a viewport of `width` pixels would. */
export function setViewportWidth(width: number): void {
  window.matchMedia = (query: string) => {
    const max = /max-width:\s*([\d.]+)px/.exec(query);
    const min = /min-width:\s*([\d.]+)px/.exec(query);
    const matches = (!max || width <= Number(max[1])) && (!min || width >= Number(min[1])) && Boolean(max ?? min);
    return staticMediaQueryList(query, matches);
  };
}
