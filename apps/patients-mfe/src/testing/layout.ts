/**
 * jsdom has no layout: every element measures 0 × 0, so a virtualised list
 * would think its viewport is empty. This gives elements a viewport-sized
 * box (client and offset sizes) until the returned function restores them.
 */
export function fakeLayout(size = { width: 1024, height: 600 }): () => void {
  const props = [
    [Element.prototype, 'clientHeight', size.height],
    [Element.prototype, 'clientWidth', size.width],
    [HTMLElement.prototype, 'offsetHeight', size.height],
    [HTMLElement.prototype, 'offsetWidth', size.width],
  ] as const;
  const saved = props.map(([proto, name]) => Object.getOwnPropertyDescriptor(proto, name));
  for (const [proto, name, value] of props) {
    Object.defineProperty(proto, name, { configurable: true, get: () => value });
  }
  return () => {
    props.forEach(([proto, name], index) => {
      const descriptor = saved[index];
      if (descriptor) Object.defineProperty(proto, name, descriptor);
      else delete (proto as unknown as Record<string, unknown>)[name];
    });
  };
}
