/** Entry of the browser app: renders the shell into #app. */
import { render } from 'preact';
import { App } from './app.js';

const root = document.getElementById('app');
if (root !== null) {
  // The loading sentence in the page is for browsers without the app; the app replaces it.
  root.replaceChildren();
  render(<App />, root);
}
