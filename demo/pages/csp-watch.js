// Records Content-Security-Policy violations of this page, so a test (or a person, in the console)
// can see there are none.
window.cspViolations = [];
document.addEventListener('securitypolicyviolation', (event) => {
  window.cspViolations.push({
    directive: event.violatedDirective,
    blocked: event.blockedURI,
    source: event.sourceFile,
  });
});
