// Shows whether the merchant backend can reach the sandbox.
const status = document.getElementById('sandbox-status');
try {
  const response = await fetch('/api/health');
  const health = await response.json();
  status.textContent = response.ok
    ? `Sandbox connected: account "${health.account}" (${health.environment}).`
    : 'The sandbox is not reachable: start it with npm run demo.';
} catch {
  status.textContent = 'The merchant backend is not reachable.';
}
