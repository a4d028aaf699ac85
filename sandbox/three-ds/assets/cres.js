// Ends the sandbox challenge like an ACS does: the form posting TransactionId and MD to the return URL
// submits itself. Without script, its visible button does the same.
/* global document, HTMLFormElement */
'use strict';

const form = document.getElementById('cres');
if (form instanceof HTMLFormElement) form.submit();
