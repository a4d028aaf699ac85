// Browser data for 3DS (the spec's frontData), collected in the card frame.

export {
  collectFrontData,
  normalizeFrontData,
  type FrontData,
  type RawFrontData,
} from './collect-front-data.ts';
