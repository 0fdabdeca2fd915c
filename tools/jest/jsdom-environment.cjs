/**
 * jsdom with the platform APIs Node has and jsdom lacks (fetch and its
 * classes, TextEncoder, streams), so components that call the API run in
 * tests as in a browser. AbortController comes from Node too, because
 * Node's fetch accepts only its own signals.
 */
const { TestEnvironment } = require('jest-environment-jsdom');

class BrowserLikeEnvironment extends TestEnvironment {
  constructor(...args) {
    super(...args);
    // As in a browser, a relative URL means one on the page's own origin.
    const window = this.global;
    const absolute = (input) =>
      typeof input === 'string' || input instanceof URL
        ? new URL(input, window.location.href).href
        : input;
    class BrowserRequest extends Request {
      constructor(input, init) {
        super(absolute(input), init);
      }
    }
    Object.assign(this.global, {
      fetch: (input, init) => fetch(absolute(input), init),
      Request: BrowserRequest,
      Response,
      Headers,
      FormData,
      Blob,
      TextEncoder,
      TextDecoder,
      ReadableStream,
      AbortController,
      AbortSignal,
      structuredClone,
    });
    // jsdom has no layout: scrolling does nothing, media queries never match.
    window.scrollTo = () => {};
    window.HTMLElement.prototype.scrollIntoView = function scrollIntoView() {};
    if (!window.matchMedia) {
      window.matchMedia = (query) => ({
        matches: false,
        media: query,
        onchange: null,
        addListener() {},
        removeListener() {},
        addEventListener() {},
        removeEventListener() {},
        dispatchEvent: () => false,
      });
    }
  }
}

module.exports = BrowserLikeEnvironment;
