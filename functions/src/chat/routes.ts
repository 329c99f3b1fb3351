import { Router } from 'express';
import { chatBody, chatHistoryBody } from '@charta/contract';
import { callerOf } from '../http/request-context.js';
import { parseInput } from '../http/validate.js';
import type { RouteLimits } from '../limits/route-limits.js';
import type { ChatService } from './chat-service.js';

/** /session/chat_*: questions about a session and its kept conversation (docs/api.md "Chat"). */
export function chatRoutes(chat: ChatService, limits: RouteLimits): Router {
  const router = Router();
  router.post('/chat_with_session', limits.modelCall, async (req, res) => {
    const { sessionId, question } = parseInput(chatBody, req.body);
    res.json(await chat.ask(callerOf(req).uid, sessionId, question));
  });
  router.post('/chat_history', async (req, res) => {
    const { sessionId } = parseInput(chatHistoryBody, req.body);
    res.json(await chat.history(callerOf(req).uid, sessionId));
  });
  return router;
}
