/**
 * The script a hosted page with a Disqus block loads from its own origin (`/embed/disqus.js`): it reads
 * the block's shortname, tells Disqus the page's address (its identifier is the path, so the same
 * thread shows on the sites origin and on a custom domain's same path) and loads Disqus's embed script.
 * No inline script is needed, so the page's policy stays strict.
 */
export const disqusLoader = `(function () {
  var thread = document.getElementById('disqus_thread');
  var shortname = thread && thread.getAttribute('data-disqus-shortname');
  if (!shortname || !/^[a-z0-9][a-z0-9-]{0,63}$/i.test(shortname)) return;
  window.disqus_config = function () {
    this.page.url = location.origin + location.pathname;
    this.page.identifier = location.pathname;
  };
  var script = document.createElement('script');
  script.src = 'https://' + shortname.toLowerCase() + '.disqus.com/embed.js';
  script.setAttribute('data-timestamp', String(Date.now()));
  script.async = true;
  document.head.appendChild(script);
})();
`;
