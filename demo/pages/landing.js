// Shows whether the merchant backend can reach the sandbox, in the page's language (demo-strings.js).
import { t } from './demo-strings.js';

const status = document.getElementById('sandbox-status');
try {
  const response = await fetch('/api/health');
  const health = await response.json();
  status.textContent = response.ok
    ? t('sandboxConnected', { account: health.account, environment: health.environment })
    : t('sandboxDown');
} catch {
  status.textContent = t('backendDown');
}
