// Offline stand-in for the slice of Google's `gapi.iframes` that the Firebase Auth popup flow
// uses against the Auth emulator. The real library is fetched from the internet by both the web
// SDK (parent page) and the emulator's helper iframe; offline neither can load it, so popup
// sign-in cannot complete. This file plays both sides over postMessage:
//   parent: gapi.iframes.getContext().open(...) -> Iframe { register, send, ping, restyle }
//   child:  gapi.iframes.getContext().getParentIframe() -> { register, send }
(() => {
  if (window.gapi && window.gapi.iframes && window.gapi.iframes.Iframe) return;
  const TAG = '__gatherlyGapiShim';
  let nextId = 1;

  class Channel {
    constructor(getTarget, isPeer) {
      this.handlers = {};
      this.pending = {};
      this.queued = {};
      this.ready = false;
      this.readyWaiters = [];
      this.getTarget = getTarget;
      window.addEventListener('message', (e) => {
        const m = e.data;
        if (!m || typeof m !== 'object' || m[TAG] !== true || !isPeer(e.source)) return;
        if (m.kind === 'ready') {
          this.ready = true;
          this.readyWaiters.splice(0).forEach((f) => f());
        } else if (m.kind === 'call') {
          // Like gapi, hold calls that arrive before their handler is registered.
          if (this.handlers[m.name]) this.answer(m);
          else (this.queued[m.name] = this.queued[m.name] || []).push(m);
        } else if (m.kind === 'reply') {
          const cb = this.pending[m.id];
          delete this.pending[m.id];
          // gapi swallows exceptions from reply callbacks; the SDK's web-storage probe throws
          // one by design right after it has its answer.
          try {
            if (cb) cb(m.result);
          } catch {
            /* as gapi */
          }
        }
      });
    }
    post(msg) {
      const target = this.getTarget();
      if (target) target.postMessage({ ...msg, [TAG]: true }, '*');
    }
    answer(m) {
      Promise.resolve(this.handlers[m.name](m.data)).then((value) => {
        this.post({ kind: 'reply', id: m.id, result: [value] });
      });
    }
    register(name, handler) {
      this.handlers[name] = handler;
      (this.queued[name] || []).splice(0).forEach((m) => this.answer(m));
    }
    send(name, data, cb) {
      const id = nextId++;
      if (cb) this.pending[id] = cb;
      this.whenReady(() => this.post({ kind: 'call', id, name, data }));
    }
    whenReady(f) {
      if (this.ready) f();
      else this.readyWaiters.push(f);
    }
  }

  class Iframe extends Channel {
    constructor(el) {
      super(
        () => el.contentWindow,
        (src) => src === el.contentWindow,
      );
      this.el = el;
    }
    restyle() {
      return Promise.resolve();
    }
    ping(cb) {
      return new Promise((resolve) => {
        this.whenReady(() => {
          if (cb) cb();
          resolve([]);
        });
      });
    }
    getIframeEl() {
      return this.el;
    }
  }

  let parentChannel = null;
  const context = {
    open(options, onOpen) {
      const el = document.createElement('iframe');
      const attrs = options.attributes || {};
      Object.entries(attrs.style || {}).forEach(([k, v]) => (el.style[k] = v));
      Object.entries(attrs).forEach(([k, v]) => k !== 'style' && el.setAttribute(k, v));
      el.src = options.url;
      const iframe = new Iframe(el);
      (options.where || document.body).appendChild(el);
      return onOpen ? onOpen(iframe) : Promise.resolve(iframe);
    },
    getParentIframe() {
      if (!parentChannel) {
        parentChannel = new Channel(
          () => window.parent,
          (src) => src === window.parent,
        );
        parentChannel.ready = true;
        // Tell the parent the child side is listening, once its handlers are registered.
        setTimeout(() => parentChannel.post({ kind: 'ready' }), 0);
      }
      return parentChannel;
    },
  };

  window.gapi = {
    load(_name, opts) {
      setTimeout(() => (typeof opts === 'function' ? opts : opts.callback)(), 0);
    },
    iframes: {
      Iframe,
      CROSS_ORIGIN_IFRAMES_FILTER: () => true,
      getContext: () => context,
    },
  };
  if (typeof window.gapi_onload === 'function') setTimeout(window.gapi_onload, 0);
})();
