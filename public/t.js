/*! Missiva website tracker. Load with <script async src=".../t.js" data-site="KEY"> (see the Tracker page). */
(function (w, d, n) {
  'use strict';
  try {
    var tag = d.currentScript || d.querySelector('script[data-site]');
    var site = tag && tag.getAttribute('data-site');
    var ask = tag && tag.getAttribute('data-consent') === 'ask';
    var prev = w.missiva;
    var queued = (prev && prev.q) || [];
    var out = [];
    var consent = !ask;
    var vid, timer, lastUrl;
    // Do Not Track and Global Privacy Control: record nothing, but keep missiva() callable.
    var off = !site || n.doNotTrack === '1' || w.doNotTrack === '1' || n.globalPrivacyControl === true;
    var endpoint = site && tag.src.replace(/\/t\.js(\?.*)?$/, '') + '/api/public/track/' + site;

    var visitor = function () {
      if (vid) return vid;
      try {
        vid = localStorage.getItem('missiva_vid');
      } catch (_e) {}
      if (!vid) {
        vid = (Date.now().toString(36) + Math.random().toString(36).slice(2, 12)).replace(/[^a-z0-9]/g, '');
        try {
          localStorage.setItem('missiva_vid', vid);
        } catch (_e) {}
      }
      return vid;
    };

    var send = function () {
      clearTimeout(timer);
      timer = 0;
      if (!consent || !out.length) return;
      while (out.length) {
        var body = JSON.stringify({ visitorId: visitor(), consent: consent, events: out.splice(0, 50) });
        try {
          fetch(endpoint, {
            method: 'POST',
            body: body,
            keepalive: body.length < 60000,
            credentials: 'omit',
            headers: { 'content-type': 'application/json' },
          }).catch(function () {});
        } catch (_e) {}
      }
    };

    var push = function (event) {
      if (off) return;
      event.url = location.href;
      event.at = new Date().toISOString();
      if (d.referrer) event.referrer = d.referrer;
      out.push(event);
      if (consent && !timer) timer = setTimeout(send, 300);
    };

    var page = function () {
      if (location.href === lastUrl) return;
      lastUrl = location.href;
      push({ type: 'page_view' });
    };

    var api = function (cmd, a, b) {
      try {
        if (cmd === 'event' && a) push({ type: 'event', name: String(a).slice(0, 100), properties: b || {} });
        else if (cmd === 'identify' && a) push({ type: 'identify', email: String(a).slice(0, 254) });
        else if (cmd === 'page') {
          lastUrl = 0;
          page();
        } else if (cmd === 'consent') {
          consent = a === true || !ask;
          if (consent) send();
          else out.length = 0;
        }
      } catch (_e) {}
    };
    w.missiva = function () {
      api.apply(null, arguments);
    };

    // Single-page apps: a history change is a page view.
    ['pushState', 'replaceState'].forEach(function (name) {
      var orig = history[name];
      history[name] = function () {
        var result = orig.apply(this, arguments);
        try {
          page();
        } catch (_e) {}
        return result;
      };
    });
    w.addEventListener('popstate', page);
    d.addEventListener('visibilitychange', function () {
      if (d.visibilityState === 'hidden') send();
    });
    w.addEventListener('pagehide', send);

    page();
    for (var i = 0; i < queued.length; i++) api.apply(null, queued[i]);
  } catch (_e) {}
})(window, document, navigator);
