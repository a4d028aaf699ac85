// How pay() gets the boleto's code (its payer check and its view), which only a boleto payment needs: a
// lazy chunk in the ESM build. The script-tag builds swap this module for load-boleto.script.ts
// (vite.config.ts).
export const loadBoleto = () => import('./boleto.ts');
