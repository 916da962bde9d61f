/** The development IdP's sign-in form: plain HTML a browser (or a test's form post) can use. */
export function loginPage(options: { uid: string; loginHint?: string; error?: string }): string {
  const error = options.error ? `<p role="alert" class="error">${escape(options.error)}</p>` : '';
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Sign in - Docket development identity provider</title>
<style>body{font-family:system-ui,sans-serif;max-width:24rem;margin:4rem auto;padding:0 1rem}
label{display:block;margin-top:1rem}input{width:100%;padding:.5rem;font-size:1rem}
button{margin-top:1.5rem;padding:.6rem 1.2rem;font-size:1rem}.error{color:#b00020}</style></head>
<body>
<h1>Sign in</h1>
<p>Development identity provider for Docket.</p>
${error}
<form method="post" action="/interaction/${encodeURIComponent(options.uid)}/login">
  <label for="email">E-mail</label>
  <input id="email" name="email" type="email" autocomplete="username" required
    value="${escape(options.loginHint ?? '')}">
  <label for="password">Password</label>
  <input id="password" name="password" type="password" autocomplete="current-password" required>
  <button type="submit">Sign in</button>
</form>
</body></html>`;
}

function escape(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
