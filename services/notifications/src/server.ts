import { runService } from '@portal/service-kit';
import { buildApp } from './app.js';

await runService(buildApp, Number(process.env.NOTIFICATIONS_PORT ?? process.env.PORT ?? 4106));
