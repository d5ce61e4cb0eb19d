import type { RoleNumber } from '@portal/contracts';
import type { Connection } from 'mongoose';
import type { NatsConnection } from '@nats-io/transport-node';
import type { JetStreamClient, JetStreamManager } from '@nats-io/jetstream';
import type { Redis } from 'ioredis';
import type { Client as S3Client } from 'minio';
import type { JobsOptions, Queue } from 'bullmq';
import type { Env } from './env.js';
import type { UserStateStore } from './plugins/app/user-state.js';
import type { Bus } from './backends/bus.js';
import type { ObjectStore } from './backends/object-store.js';
import type { Mailer } from './backends/smtp.js';

export interface AuthUser {
  sub: string;
  email: string;
  name: string;
  /** Most privileged portal realm role; 4 (user) when the token carries none. */
  role: RoleNumber;
  realmRoles: string[];
  /** The account is suspended (user state in Redis): it may read but not write. */
  suspended?: boolean;
  /** Staff verified the account (user state in Redis); until then only `allowUnverified` routes answer. */
  verified?: boolean;
  /** The Keycloak session the token belongs to (logout ends it). */
  sid?: string;
}

export interface RouteInfo {
  method: string;
  url: string;
  public: boolean;
  roles?: RoleNumber[];
  /** The route answers accounts staff have not verified yet (`config.allowUnverified`). */
  allowUnverified: boolean;
  /** A suspended user may call this write route (`config.allowSuspended`). */
  allowSuspended: boolean;
}

export interface Queues {
  add(
    queue: string,
    name: string,
    data: Record<string, unknown>,
    opts?: JobsOptions,
  ): Promise<string | undefined>;
}
export interface Jobs extends Queues {
  /** The BullMQ queue itself (shared, closed with the app), e.g. to list or retry failed jobs. */
  queue(name: string): Promise<Queue>;
  /**
   * Adds a recovery run once the workers are up and each time Redis comes back: re-queue the jobs whose state rows
   * say they are not finished, (re)register job schedulers. It must be idempotent (job ids, scheduler keys).
   */
  onRecover(fn: (why: string) => Promise<unknown> | unknown): void;
  /** Runs every recovery now and waits for it. */
  recover(): Promise<void>;
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
    /** BullMQ (backend 'redis'): add jobs that the service's workers run; retried, traced. */
    jobs: Jobs;
    /** @deprecated the same object as `jobs` */
    queues: Jobs;
    /** NATS JetStream (backend 'nats'): typed, validated publish; the connection handles. */
    bus: Bus;
    /** MinIO/S3 (backend 's3'): the client, the service's bucket, pre-signed download/upload URLs. */
    objectStore: ObjectStore;
    /** SMTP (backend 'smtp'): send a rendered mail from MAIL_FROM. */
    mailer: Mailer;
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
    /**
     * A user whom staff have not verified yet may call this route (everything else answers 403 "under review"):
     * only what the profile, the sign-up steps, sign out and the FAQ need.
     */
    allowUnverified?: boolean;
    /** Public routes: the account a request is about (e.g. the body's email); rate limits key on it too. */
    rateLimitBy?: (request: FastifyRequest) => string | undefined;
  }
}
