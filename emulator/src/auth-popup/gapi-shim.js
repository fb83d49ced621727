// Offline stand-in for the slice of Google's `gapi.iframes` that the Firebase Auth popup flow
// uses against the Auth emulator. The real library is fetched from the internet by both the web
// SDK (parent page) and the emulator's helper iframe; offline neither can load it, so popup
// sign-in cannot complete. This file plays both sides over postMessage:
//   parent: gapi.iframes.getContext().open(...) -> Iframe { register, send, ping, restyle }
//   child:  gapi.iframes.getContext().getParentIframe() -> { register, send }
(function () {
  if (window.gapi && window.gapi.iframes && window.gapi.iframes.Iframe) return;
  var TAG = '__gatherlyGapiShim';
  var nextId = 1;

  function Channel(getTarget, isPeer) {
    this.handlers = {};
    this.pending = {};
    this.queued = {};
    this.ready = false;
    this.readyWaiters = [];
    this.getTarget = getTarget;
    var self = this;
    window.addEventListener('message', function (e) {
      var m = e.data;
      if (!m || typeof m !== 'object' || m[TAG] !== true || !isPeer(e.source)) return;
      if (m.kind === 'ready') {
        self.ready = true;
        self.readyWaiters.splice(0).forEach(function (f) { f(); });
      } else if (m.kind === 'call') {
        // Like gapi, hold calls that arrive before their handler is registered.
        if (self.handlers[m.name]) self.answer(m);
        else (self.queued[m.name] = self.queued[m.name] || []).push(m);
      } else if (m.kind === 'reply') {
        var cb = self.pending[m.id];
        delete self.pending[m.id];
        if (cb) cb(m.result);
      }
    });
  }
  Channel.prototype.post = function (msg) {
    msg[TAG] = true;
    var target = this.getTarget();
    if (target) target.postMessage(msg, '*');
  };
  Channel.prototype.answer = function (m) {
    var self = this;
    Promise.resolve(this.handlers[m.name](m.data)).then(function (value) {
      self.post({ kind: 'reply', id: m.id, result: [value] });
    });
  };
  Channel.prototype.register = function (name, handler) {
    this.handlers[name] = handler;
    (this.queued[name] || []).splice(0).forEach(this.answer, this);
  };
  Channel.prototype.send = function (name, data, cb) {
    var id = nextId++;
    if (cb) this.pending[id] = cb;
    var self = this;
    this.whenReady(function () { self.post({ kind: 'call', id: id, name: name, data: data }); });
  };
  Channel.prototype.whenReady = function (f) {
    if (this.ready) f(); else this.readyWaiters.push(f);
  };

  function Iframe(el) {
    Channel.call(this, function () { return el.contentWindow; }, function (src) { return src === el.contentWindow; });
    this.el = el;
  }
  Iframe.prototype = Object.create(Channel.prototype);
  Iframe.prototype.restyle = function () { return Promise.resolve(); };
  Iframe.prototype.ping = function (cb) {
    var self = this;
    return new Promise(function (resolve) {
      self.whenReady(function () { if (cb) cb(); resolve([]); });
    });
  };
  Iframe.prototype.getIframeEl = function () { return this.el; };

  var parentChannel = null;
  var context = {
    open: function (options, onOpen) {
      var el = document.createElement('iframe');
      var attrs = options.attributes || {};
      Object.keys(attrs.style || {}).forEach(function (k) { el.style[k] = attrs.style[k]; });
      Object.keys(attrs).forEach(function (k) { if (k !== 'style') el.setAttribute(k, attrs[k]); });
      el.src = options.url;
      var iframe = new Iframe(el);
      (options.where || document.body).appendChild(el);
      return onOpen ? onOpen(iframe) : Promise.resolve(iframe);
    },
    getParentIframe: function () {
      if (!parentChannel) {
        parentChannel = new Channel(function () { return window.parent; }, function (src) { return src === window.parent; });
        parentChannel.ready = true;
        // Tell the parent the child side is listening, once its handlers are registered.
        setTimeout(function () { parentChannel.post({ kind: 'ready' }); }, 0);
      }
      return parentChannel;
    },
  };

  window.gapi = {
    load: function (_name, opts) {
      setTimeout(function () { (typeof opts === 'function' ? opts : opts.callback)(); }, 0);
    },
    iframes: {
      Iframe: Iframe,
      CROSS_ORIGIN_IFRAMES_FILTER: function () { return true; },
      getContext: function () { return context; },
    },
  };
  if (typeof window.gapi_onload === 'function') setTimeout(window.gapi_onload, 0);
})();
