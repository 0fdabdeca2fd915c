// Used by build-remote-release.mjs only: makes a release of a remote tell
// the page which release it is, so the deployment test can see which one the
// browser runs. It changes the module's content, so the build's hashes and
// chunk names change too, as with any real new release.
module.exports = function releaseMarker(source) {
  const { remote, release } = this.getOptions();
  return `${source}\n;(globalThis.psicocampusReleases ??= {})[${JSON.stringify(remote)}] = ${JSON.stringify(release)};\n`;
};
