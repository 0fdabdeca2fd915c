// The example page's script: plain browser JavaScript, no build step, no framework.
/* global document, location, window */
(function () {
  var params = new URLSearchParams(location.search);
  // Where the remote is published (default: this page's folder) and where the API is.
  var remoteBase = new URL(params.get('remote') || './', location.href).href;
  var apiBaseUrl = params.get('api') || '';
  var status = document.getElementById('estado');
  var embedded = null; // what mount() returned: call it (or .unmount()) to unmount; .setToken(token)
  var renew = document.getElementById('renovar');

  function say(text) {
    status.textContent = text;
  }

  function loadScript(name) {
    return new Promise(function (resolve, reject) {
      var script = document.createElement('script');
      script.src = new URL(name, remoteBase).href;
      script.onload = resolve;
      script.onerror = function () {
        reject(new Error('No se pudo cargar ' + script.src));
      };
      document.head.appendChild(script);
    });
  }

  /**
   * Loads the Module Federation runtime, then remoteEntry.js, once; the
   * latter defines the container `window.assessment`.
   */
  var containerReady = null;
  function loadContainer() {
    if (containerReady) return containerReady;
    containerReady = loadScript('federation-runtime.js')
      .then(function () {
        return loadScript('remoteEntry.js');
      })
      .then(function () {
        var container = window.assessment;
        // No host page and no shared scope: an empty scope lets the
        // container provide its own React, router and store library.
        return Promise.resolve(container.init({})).then(function () {
          return container;
        });
      })
      .catch(function (error) {
        containerReady = null; // the next attempt starts over
        throw error;
      });
    return containerReady;
  }

  function loadEmbed() {
    return loadContainer()
      .then(function (container) {
        return container.get('./embed');
      })
      .then(function (factory) {
        return factory();
      });
  }

  document.getElementById('datos').addEventListener('submit', function (event) {
    event.preventDefault();
    var token = document.getElementById('token').value.trim();
    var studentId = document.getElementById('studentId').value.trim();
    if (embedded) embedded.unmount();
    say('Cargando el formulario...');
    loadEmbed()
      .then(function (embed) {
        embedded = embed.mount(document.getElementById('evaluacion'), {
          apiBaseUrl: apiBaseUrl,
          token: token,
          studentId: studentId,
          onSaved: function (assessment) {
            say('Evaluación guardada (' + assessment._id + '), nivel: ' + assessment.riskLevel);
          },
          // The session ended: the answers stay in the form until a new token comes.
          onSessionExpired: function () {
            renew.disabled = false;
            say(
              'La sesión venció. Pegue un token nuevo en «Token de sesión» y pulse «Renovar sesión»: la evaluación se guardará con él.',
            );
          },
          onClose: function () {
            embedded.unmount();
            embedded = null;
            renew.disabled = true;
            document.getElementById('cerrar').disabled = true;
            say('Formulario cerrado.');
          },
        });
        document.getElementById('cerrar').disabled = false;
        say('Formulario listo.');
      })
      .catch(function (error) {
        say('Error: ' + error.message);
      });
  });

  renew.addEventListener('click', function () {
    var token = document.getElementById('token').value.trim();
    if (!embedded || !token) return;
    embedded.setToken(token);
    renew.disabled = true;
    say('Sesión renovada.');
  });

  document.getElementById('cerrar').addEventListener('click', function () {
    if (embedded) embedded.unmount();
    embedded = null;
    renew.disabled = true;
    this.disabled = true;
    say('Formulario desmontado.');
  });
})();
