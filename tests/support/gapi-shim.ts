import type { BrowserContext } from 'playwright-core';

/**
 * Firebase Auth's popup and redirect sign-in (Google, OIDC, SAML) talk to a helper iframe through Google's
 * `gapi.iframes` library, which the SDK and the Auth emulator's helper page both load from
 * https://apis.google.com/js/api.js, even against the emulator. This machine is offline, so the end-to-end
 * tests serve, in that URL's place, the small part of `gapi.iframes` those two pages use: open a hidden
 * iframe, ping it, register handlers and send messages both ways over postMessage (replies are the
 * handlers' results in an array, as gapi gives them). Everything else is real: the SDK's popup flow, the
 * emulator's account chooser, its helper iframe and its tokens. Deployed, the browser loads Google's own
 * library (the CSP allows apis.google.com for it).
 */
const GAPI_IFRAMES_SHIM = String.raw`(function () {
  if (window.gapi && window.gapi.iframes) return;
  var FILTER = function () { return true; };
  var pending = {};
  var channels = [];
  var nextId = 1;
  function quietly(fn, value) { try { return fn(value); } catch (error) { /* as gapi: a throwing handler stays inside it */ } }
  function Channel(target) { this.target = target; this.handlers = {}; this.queue = {}; channels.push(this); }
  Channel.prototype.register = function (type, handler) {
    this.handlers[type] = handler;
    var queued = this.queue[type] || [];
    delete this.queue[type];
    for (var i = 0; i < queued.length; i++) this.deliver(queued[i]);
  };
  Channel.prototype.deliver = function (message) {
    var handler = this.handlers[message.type];
    // A message before its handler is registered waits for it (the helper sends its first event on load).
    if (!handler) { (this.queue[message.type] = this.queue[message.type] || []).push(message); return; }
    this.target.postMessage({ __gapiShim: 'reply', id: message.id, result: [quietly(handler, message.data)] }, '*');
  };
  Channel.prototype.send = function (type, data, callback) {
    var id = String(nextId++) + ':' + Math.random();
    if (callback) pending[id] = callback;
    this.target.postMessage({ __gapiShim: 'call', id: id, type: type, data: data }, '*');
  };
  Channel.prototype.ping = function (callback) {
    var self = this;
    return new Promise(function (resolve) {
      self.send('_ping', null, function (result) { if (callback) quietly(callback, result); resolve(result); });
    });
  };
  Channel.prototype.restyle = function () { return Promise.resolve(); };
  function channelFor(win) {
    for (var i = 0; i < channels.length; i++) if (channels[i].target === win) return channels[i];
    return null;
  }
  window.addEventListener('message', function (event) {
    var data = event.data;
    if (!data || typeof data !== 'object' || !data.__gapiShim) return;
    if (data.__gapiShim === 'reply') {
      var callback = pending[data.id];
      delete pending[data.id];
      if (callback) quietly(callback, data.result);
      return;
    }
    if (data.type === '_ping') { event.source.postMessage({ __gapiShim: 'reply', id: data.id, result: [true] }, '*'); return; }
    var channel = channelFor(event.source) || new Channel(event.source);
    channel.deliver(data);
  });
  var context = {
    open: function (options, onOpen) {
      var iframe = document.createElement('iframe');
      var attributes = options.attributes || {};
      Object.keys(attributes).forEach(function (name) {
        if (name === 'style') Object.assign(iframe.style, attributes.style);
        else iframe.setAttribute(name, attributes[name]);
      });
      iframe.src = options.url;
      return new Promise(function (resolve, reject) {
        iframe.addEventListener('load', function () {
          var channel = channelFor(iframe.contentWindow) || new Channel(iframe.contentWindow);
          Promise.resolve(onOpen ? onOpen(channel) : channel).then(resolve, reject);
        }, { once: true });
        (options.where || document.body).appendChild(iframe);
        // Known from the start, so what the helper sends before its load event is kept, not dropped.
        if (!channelFor(iframe.contentWindow)) new Channel(iframe.contentWindow);
      });
    },
    getParentIframe: function () { return channelFor(window.parent) || new Channel(window.parent); },
  };
  window.gapi = {
    load: function (name, options) {
      setTimeout(function () { (typeof options === 'function' ? options : options.callback)(); }, 0);
    },
    iframes: { getContext: function () { return context; }, CROSS_ORIGIN_IFRAMES_FILTER: FILTER, Iframe: function () {} },
  };
  var script = document.currentScript;
  var onload = script && script.src ? new URL(script.src).searchParams.get('onload') : null;
  setTimeout(function () {
    if (onload && typeof window[onload] === 'function') window[onload]();
    if (typeof window.gapi_onload === 'function') window.gapi_onload();
  }, 0);
})();`;

/** Serves the shim for apis.google.com's loader in every page of the context, and fails other outside requests at once. */
export async function serveGapiShim(context: BrowserContext): Promise<void> {
  await context.route('https://apis.google.com/js/api.js**', (route) =>
    route.fulfill({ status: 200, contentType: 'application/javascript', body: GAPI_IFRAMES_SHIM }),
  );
  // The emulator's account chooser styles itself from CDNs; offline they would only time out.
  await context.route(/^https:\/\/(unpkg\.com|fonts\.googleapis\.com|fonts\.gstatic\.com)\//, (route) => route.abort());
}
