import type { RoleNumber } from '@portal/contracts';
import type { Connection } from 'mongoose';
import type { NatsConnection } from '@nats-io/transport-node';
import type { JetStreamClient, JetStreamManager } from '@nats-io/jetstream';
import type { Redis } from 'ioredis';
import type { Client as S3Client } from 'minio';
import type { JobsOptions } from 'bullmq';
import type { Env } from './env.js';
import type { UserStateStore } from './plugins/app/user-state.js';

export interface AuthUser {
  sub: string;
  email: string;
  name: string;
  /** Most privileged portal realm role; 4 (user) when the token carries none. */
  role: RoleNumber;
  realmRoles: string[];
  /** The account is suspended (user state in Redis): it may read but not write. */
  suspended?: boolean;
  /** The Keycloak session the token belongs to (logout ends it). */
  sid?: string;
}

export interface RouteInfo {
  method: string;
  url: string;
  public: boolean;
  roles?: RoleNumber[];
}

export interface Queues {
  add(
    queue: string,
    name: string,
    data: Record<string, unknown>,
    opts?: JobsOptions,
  ): Promise<string | undefined>;
}

declare module 'fastify' {
  interface FastifyInstance {
    serviceName: string;
    env: Env & Record<string, unknown>;
    mongo: Connection;
    nats: NatsConnection;
    js: JetStreamClient;
    jsm: JetStreamManager;
    redis: Redis;
    s3: S3Client;
    queues: Queues;
    /** Per-user session state shared by all services (logout, revocation, suspension, deletion). */
    userState: UserStateStore;
    /** Every route with its auth rule, for role × endpoint tests. */
    routeTable(): RouteInfo[];
  }
  interface FastifyRequest {
    user: AuthUser;
  }
  interface FastifyContextConfig {
    public?: boolean;
    roles?: RoleNumber[];
    /** A suspended user may call this write route (e.g. sign out, change password). */
    allowSuspended?: boolean;
    /** Public routes: the account a request is about (e.g. the body's email); rate limits key on it too. */
    rateLimitBy?: (request: FastifyRequest) => string | undefined;
  }
}
