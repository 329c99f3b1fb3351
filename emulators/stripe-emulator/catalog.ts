/** Prices and products: preset (state.ts), read-only through the API. */
import { answerObject, type ApiHandler } from './api.ts';
import { render } from './render.ts';
import { newestFirst } from './state.ts';
import { listPage, resourceMissing } from './wire.ts';

export const retrievePrice: ApiHandler = (req) => {
  req.params.only(['expand']);
  const price = req.state.prices.get(req.ids[0]!);
  if (!price) throw resourceMissing('price', req.ids[0]!);
  return answerObject(req, price);
};

export const listPrices: ApiHandler = (req) => {
  req.params.only(['active', 'created', 'currency', 'ending_before', 'expand', 'limit', 'lookup_keys', 'product', 'recurring', 'starting_after', 'type']);
  const product = req.params.string('product');
  const active = req.params.bool('active');
  const prices = newestFirst(req.state.prices.values()).filter((p) => (product === undefined || p.product === product) && (active === undefined || p.active === active));
  return { body: listPage(prices, '/v1/prices', req.params, (p) => render(p, req.version)) };
};

export const retrieveProduct: ApiHandler = (req) => {
  req.params.only(['expand']);
  const product = req.state.products.get(req.ids[0]!);
  if (!product) throw resourceMissing('product', req.ids[0]!);
  return answerObject(req, product);
};
