// The 3DS scenario picker of the demo's card pages: the sandbox's published test cards, by scenario,
// so a person trying the demo knows which number to type (test data, not a shopper's).

const SCENARIO_NAMES = {
  frictionless_success: 'Frictionless, authenticated (Y)',
  frictionless_failure: 'Frictionless, not authenticated (N)',
  attempted: 'Attempted (A)',
  unavailable: 'Authentication unavailable (U)',
  rejected: 'Rejected by the issuer (R)',
  system_error: 'Enrollment check failed (VERes U)',
  challenge_success: 'Challenge, shopper passes (C → Y)',
  challenge_failure: 'Challenge, shopper fails (C → N)',
};

/** Fills #scenario with a card per scenario and shows the chosen card's number in #scenario-card. */
export async function loadScenarios() {
  const scenarioSelect = document.getElementById('scenario');
  const scenarioCard = document.getElementById('scenario-card');
  const response = await fetch('/api/test-cards');
  const { expiry, scenarios } = await response.json();
  document.getElementById('scenario-expiry').textContent =
    `${String(expiry.month).padStart(2, '0')} / ${String(expiry.year % 100)}`;
  for (const { scenario, cards } of scenarios) {
    for (const card of cards) {
      const option = document.createElement('option');
      option.value = card.number;
      option.textContent = `${card.brand}: ${SCENARIO_NAMES[scenario] ?? scenario}`;
      scenarioSelect.append(option);
    }
  }
  const describe = () => {
    scenarioCard.textContent = `Card number ${scenarioSelect.value.replace(/(\d{4})(?=\d)/g, '$1 ')}`;
  };
  scenarioSelect.addEventListener('change', describe);
  describe();
}
