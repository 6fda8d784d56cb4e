/**
 * /embed.js: a partner page includes
 *   <script src="https://<this app>/embed.js" data-client-id="pc_..." async></script>
 * and the script puts the widget's iframe after itself (or into `data-target`, a CSS selector),
 * sizes it to its content and re-emits `oshc:quote` and `oshc:purchased` as DOM events (detail:
 * what was chosen or bought) that bubble to the page's window. Messages are accepted only from
 * the widget's own frame and origin, and sent only to it.
 */
const SCRIPT = `(function () {
  'use strict';
  var script = document.currentScript;
  if (!script || !script.src) return;
  var clientId = script.getAttribute('data-client-id');
  if (!clientId) { console.warn('oshc widget: data-client-id is missing'); return; }
  var appOrigin = new URL(script.src).origin;
  var frame = document.createElement('iframe');
  frame.src = appOrigin + '/embed/' + encodeURIComponent(clientId) + '?parent_origin=' + encodeURIComponent(window.location.origin);
  frame.title = script.getAttribute('data-title') || 'Overseas student health cover: quote and buy';
  frame.style.cssText = 'display:block;width:100%;min-height:420px;border:0;';
  frame.setAttribute('loading', 'lazy');
  var target = script.getAttribute('data-target');
  var host = target ? document.querySelector(target) : null;
  if (host) host.appendChild(frame); else script.parentNode.insertBefore(frame, script.nextSibling);
  window.addEventListener('message', function (event) {
    if (event.origin !== appOrigin || event.source !== frame.contentWindow) return;
    var message = event.data || {};
    if (message.type === 'oshc:resize' && typeof message.height === 'number') {
      frame.style.height = Math.ceil(message.height) + 'px';
    } else if (message.type === 'oshc:quote' || message.type === 'oshc:purchased') {
      script.dispatchEvent(new CustomEvent(message.type, { detail: message.detail, bubbles: true }));
    }
  });
  frame.addEventListener('load', function () {
    frame.contentWindow.postMessage({ type: 'oshc:hello' }, appOrigin);
  });
})();
`

export function loader() {
  return new Response(SCRIPT, {
    headers: {
      'Content-Type': 'text/javascript; charset=utf-8',
      'Cache-Control': 'public, max-age=300',
    },
  })
}
