// The 3DS scenario picker of the demo's card pages: the sandbox's published test cards, by scenario,
// so a person trying the demo knows which number to type (test data, not a shopper's). Its words follow
// the page's language, again when the page switches it (demo-strings.js).
import { t, tOr } from './demo-strings.js';

/** Fills #scenario with a card per scenario and shows the chosen card's number in #scenario-card. */
export async function loadScenarios() {
  const scenarioSelect = document.getElementById('scenario');
  const scenarioCard = document.getElementById('scenario-card');
  const response = await fetch('/api/test-cards');
  const { expiry, scenarios } = await response.json();
  const options = [];
  for (const { scenario, cards } of scenarios) {
    for (const card of cards) {
      const option = document.createElement('option');
      option.value = card.number;
      options.push({ option, brand: card.brand, scenario });
      scenarioSelect.append(option);
    }
  }
  const describe = () => {
    scenarioCard.textContent = t('cardNumber', {
      number: scenarioSelect.value.replace(/(\d{4})(?=\d)/g, '$1 '),
    });
  };
  // The expiry sits in a paragraph the page's language rewrites: it is filled again after each.
  const say = () => {
    const expiryEl = document.getElementById('scenario-expiry');
    if (expiryEl)
      expiryEl.textContent = `${String(expiry.month).padStart(2, '0')} / ${String(expiry.year % 100)}`;
    for (const { option, brand, scenario } of options)
      option.textContent = `${brand}: ${tOr(`scenario.${scenario}`, scenario)}`;
    describe();
  };
  scenarioSelect.addEventListener('change', describe);
  document.addEventListener('demo-locale', say);
  say();
}
