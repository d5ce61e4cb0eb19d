import { runService } from '@portal/service-kit';
import { buildApp } from './app.js';

await runService(buildApp, Number(process.env.BILLING_PORT ?? process.env.PORT ?? 4105));
