/**
 * The GraphQL explorer: a self-contained page (no CDN, script from 'self', so the page CSP
 * holds). Pages cannot read the session from a cookie, so the script takes the web app's access
 * token from localStorage, or a pasted token.
 */
export const EXPLORER_HTML = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>GraphQL explorer · Plinth</title>
<style>
  :root { color-scheme: light dark; font-family: system-ui, sans-serif; }
  body { margin: 0; display: flex; flex-direction: column; height: 100vh; }
  header { display: flex; gap: .75rem; align-items: center; padding: .5rem 1rem; border-bottom: 1px solid #8884; flex-wrap: wrap; }
  header h1 { font-size: 1rem; margin: 0 1rem 0 0; }
  label { font-size: .8rem; display: flex; gap: .35rem; align-items: center; }
  input { font: inherit; font-size: .85rem; padding: .25rem .4rem; }
  #token { width: 18rem; }
  #project { width: 16rem; }
  button { font: inherit; padding: .3rem .9rem; cursor: pointer; }
  main { flex: 1; display: grid; grid-template-columns: 16rem 1fr 1fr; min-height: 0; }
  section { display: flex; flex-direction: column; min-height: 0; border-right: 1px solid #8884; }
  section h2 { font-size: .75rem; text-transform: uppercase; letter-spacing: .05em; margin: 0; padding: .4rem .75rem; opacity: .7; }
  textarea, pre { font-family: ui-monospace, monospace; font-size: .85rem; margin: 0; padding: .75rem; border: 0; resize: none; background: transparent; color: inherit; }
  #query { flex: 3; border-bottom: 1px solid #8884; }
  #variables { flex: 1; }
  #result { flex: 1; overflow: auto; white-space: pre-wrap; }
  #schema { flex: 1; overflow: auto; font-size: .8rem; padding: 0 .75rem .75rem; }
  #schema code { display: block; margin: .2rem 0; word-break: break-word; }
  #status { font-size: .8rem; opacity: .8; }
</style>
</head>
<body>
<header>
  <h1>Plinth GraphQL</h1>
  <label>Project id <input id="project" autocomplete="off" spellcheck="false"></label>
  <label>Token <input id="token" type="password" autocomplete="off" placeholder="signed-in session, or paste an API token"></label>
  <button id="run" type="button" title="Ctrl+Enter">Run</button>
  <button id="load-schema" type="button">Schema</button>
  <span id="status" role="status"></span>
</header>
<main>
  <section aria-label="Schema"><h2>Schema</h2><div id="schema">Choose a project and press Schema.</div></section>
  <section>
    <h2>Query</h2>
    <textarea id="query" aria-label="Query" spellcheck="false"></textarea>
    <h2>Variables (JSON)</h2>
    <textarea id="variables" aria-label="Variables" spellcheck="false"></textarea>
  </section>
  <section><h2>Result</h2><pre id="result" aria-label="Result"></pre></section>
</main>
<script src="/api/graphql/explorer.js"></script>
</body>
</html>
`;

export const EXPLORER_JS = `(function () {
  'use strict';
  var $ = function (id) { return document.getElementById(id); };
  var store = window.localStorage;
  var params = new URLSearchParams(window.location.search);
  var KEYS = { project: 'plinth.graphql.project', query: 'plinth.graphql.query', variables: 'plinth.graphql.variables' };

  $('project').value = params.get('project') || store.getItem(KEYS.project) || '';
  $('token').value = store.getItem('plinth.access_token') || store.getItem('access_token') || '';
  $('query').value = store.getItem(KEYS.query) || '# Write a query, then press Run (Ctrl+Enter).\\n{\\n  __typename\\n}\\n';
  $('variables').value = store.getItem(KEYS.variables) || '{}';
  if (!$('token').value) $('status').textContent = 'Sign in to the Plinth app in this browser, or paste an API token.';

  function post(body) {
    var project = $('project').value.trim();
    if (!project) return Promise.reject(new Error('Enter a project id first.'));
    store.setItem(KEYS.project, project);
    var headers = { 'Content-Type': 'application/json' };
    var token = $('token').value.trim();
    if (token) headers.Authorization = 'Bearer ' + token;
    return fetch('/api/v1/projects/' + encodeURIComponent(project) + '/graphql', {
      method: 'POST', headers: headers, body: JSON.stringify(body)
    }).then(function (response) {
      return response.json().then(function (json) { return { status: response.status, json: json }; });
    });
  }

  function run() {
    var variables;
    try { variables = JSON.parse($('variables').value || '{}'); }
    catch (error) { $('status').textContent = 'The variables are not valid JSON.'; return; }
    store.setItem(KEYS.query, $('query').value);
    store.setItem(KEYS.variables, $('variables').value);
    $('status').textContent = 'Running…';
    var started = Date.now();
    post({ query: $('query').value, variables: variables }).then(function (answer) {
      $('status').textContent = 'HTTP ' + answer.status + ' in ' + (Date.now() - started) + ' ms';
      $('result').textContent = JSON.stringify(answer.json, null, 2);
    }, function (error) { $('status').textContent = error.message; });
  }

  var TYPE_REF = 'kind name ofType { kind name ofType { kind name ofType { kind name } } }';
  var SCHEMA_QUERY = '{ __schema { queryType { fields { name args { name type { ' + TYPE_REF + ' } } type { ' + TYPE_REF +
    ' } } } mutationType { fields { name args { name type { ' + TYPE_REF + ' } } type { ' + TYPE_REF + ' } } } } }';

  function typeName(type) {
    if (!type) return '';
    if (type.kind === 'NON_NULL') return typeName(type.ofType) + '!';
    if (type.kind === 'LIST') return '[' + typeName(type.ofType) + ']';
    return type.name;
  }

  function showFields(title, fields) {
    var box = $('schema');
    var heading = document.createElement('h3');
    heading.textContent = title;
    box.appendChild(heading);
    (fields || []).forEach(function (field) {
      var line = document.createElement('code');
      var args = field.args.map(function (arg) { return arg.name + ': ' + typeName(arg.type); }).join(', ');
      line.textContent = field.name + (args ? '(' + args + ')' : '') + ': ' + typeName(field.type);
      box.appendChild(line);
    });
  }

  function loadSchema() {
    $('status').textContent = 'Loading the schema…';
    post({ query: SCHEMA_QUERY }).then(function (answer) {
      var box = $('schema');
      box.textContent = '';
      if (!answer.json.data) {
        $('status').textContent = 'HTTP ' + answer.status;
        box.textContent = (answer.json.errors && answer.json.errors[0] && answer.json.errors[0].message) || 'No schema';
        return;
      }
      $('status').textContent = 'Schema loaded';
      showFields('Queries', answer.json.data.__schema.queryType.fields);
      if (answer.json.data.__schema.mutationType) showFields('Mutations', answer.json.data.__schema.mutationType.fields);
    }, function (error) { $('status').textContent = error.message; });
  }

  $('run').addEventListener('click', run);
  $('load-schema').addEventListener('click', loadSchema);
  document.addEventListener('keydown', function (event) {
    if ((event.ctrlKey || event.metaKey) && event.key === 'Enter') { event.preventDefault(); run(); }
  });
})();
`;
