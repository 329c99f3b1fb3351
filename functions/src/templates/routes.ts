import { Router } from 'express';
import { z } from 'zod';
import { parseInput } from '../http/validate.js';
import { builtinStubTemplates } from './builtin-template-stubs.js';

/**
 * /template/*: for now only the list the Record tab's picker needs, served from the built-in stubs.
 * The templates issue replaces this with the full feature (own templates, editor, library).
 */
export function templateRoutes(): Router {
  const router = Router();
  router.post('/get_templates', (req, res) => {
    parseInput(z.strictObject({}), req.body);
    res.json({ templates: builtinStubTemplates() });
  });
  return router;
}
