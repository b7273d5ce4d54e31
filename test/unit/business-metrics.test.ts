import { Metrics } from '@aws-lambda-powertools/metrics';
import { answeredOutcome, jsonResponse } from '@wattle/http';
import type { AccountProcessor } from '@wattle/ports';
import type { MetricsRecorder } from '@wattle/routes/metrics';
import {
  functionTracer,
  type MetricSample,
  measuredProcessorOf,
  observeMetrics,
  powertoolsMetrics,
  tracingWanted,
} from '@wattle/runtime';
import { afterEach, describe, expect, it, vi } from 'vitest';

const recorder = () => {
  const samples: { name: string; value: number; dimensions: Record<string, string> }[] = [];
  const metrics: MetricsRecorder = {
    record: (name, value, dimensions) => samples.push({ name, value, dimensions: { ...dimensions } }),
  };
  return { samples, metrics };
};

/** A processor whose every call answers `outcome` (or throws, for `throws`). */
const answering = (outcome: string | 'throws'): AccountProcessor => {
  const answer = async () => {
    if (outcome === 'throws') throw new Error('socket hang up');
    return { outcome, reason: 'timeout' } as never;
  };
  return {
    name: 'simulator',
    account: 'simulator',
    authorise: answer,
    completeAuthentication: answer,
    capture: answer,
    void: answer,
    refund: answer,
    resolve: answer,
    readNotifications: () => ({ ok: false }) as never,
    supportsThreeDSecure: () => false,
  };
};

const names = (samples: { name: string }[]) => samples.map((s) => s.name);
const signal = new AbortController().signal;

describe('the processor, measured', () => {
  it('times every call and counts it by operation and outcome', async () => {
    const { samples, metrics } = recorder();
    const processor = measuredProcessorOf(() => answering('approved'), metrics)({ environment: 'live' });
    await processor.capture({ deadline: signal } as never);
    expect(names(samples)).toEqual(['ProcessorLatency', 'ProcessorCalls']);
    expect(samples[1]).toEqual({
      name: 'ProcessorCalls',
      value: 1,
      dimensions: { Environment: 'live', Processor: 'simulator', Operation: 'capture', Outcome: 'approved' },
    });
    expect(samples[0]!.dimensions).toEqual({
      Environment: 'live',
      Processor: 'simulator',
      Operation: 'capture',
    });
  });

  it('counts an unknown outcome, and a call that throws as an error (thrown on)', async () => {
    const { samples, metrics } = recorder();
    const unknown = measuredProcessorOf(() => answering('unknown'), metrics)({ environment: 'test' });
    await unknown.authorise({ deadline: signal } as never);
    expect(names(samples)).toContain('UnknownOutcomes');
    const failing = measuredProcessorOf(() => answering('throws'), metrics)({ environment: 'test' });
    await expect(failing.refund({ deadline: signal } as never)).rejects.toThrow('socket hang up');
    expect(samples.at(-1)?.dimensions.Outcome).toBe('error');
  });

  it("says whether a recovery's resolve settled the unknown outcome", async () => {
    const { samples, metrics } = recorder();
    await measuredProcessorOf(
      () => answering('voided'),
      metrics,
    )({ environment: 'live' }).resolve({} as never);
    await measuredProcessorOf(
      () => answering('unknown'),
      metrics,
    )({ environment: 'live' }).resolve({} as never);
    const recovery = samples.filter((s) => s.name.startsWith('UnknownOutcomes'));
    expect(names(recovery)).toEqual(['UnknownOutcomesRecovered', 'UnknownOutcomesUnrecovered']);
    expect(recovery[0]!.dimensions).toEqual({ Environment: 'live', Processor: 'simulator' });
  });

  it('keeps what it does not measure, and wraps each processor once', () => {
    const { metrics } = recorder();
    const inner = answering('approved');
    const processorOf = measuredProcessorOf(() => inner, metrics);
    const processor = processorOf({ environment: 'test' });
    expect(processor.name).toBe('simulator');
    expect(processor.supportsThreeDSecure({} as never)).toBe(false);
    expect(processorOf({ environment: 'test' })).toBe(processor);
  });
});

describe("a charge's or refund's answer, as the merchant was told it", () => {
  const json = (statusCode: number, body: unknown) => ({ statusCode, body: JSON.stringify(body) });
  it.each([
    [json(201, { response: { success: true, status_message: 'Success' } }), 'succeeded'],
    [json(201, { response: { success: false, status_message: 'Pending' } }), 'pending'],
    [
      json(202, { response: { status_message: 'Pending', redirect_url: 'https://x/3ds' } }),
      'action_required',
    ],
    [json(202, { response: { success: false, status_message: 'Pending' } }), 'pending'],
    [json(400, { error: 'card_declined', charge_token: 'ch_1' }), 'declined'],
    [json(422, { error: 'invalid_resource' }), 'refused'],
    [json(201, { response: { success: null, status_message: 'Failed' } }), 'failed'],
    [json(503, { error: 'throttled' }), 'error'],
  ])('%o is %s', (response, outcome) => {
    expect(answeredOutcome(response)).toBe(outcome);
  });

  it('reads the answer the route wrote from the value it wrote, without parsing its text back', () => {
    const response = jsonResponse(201, { response: { success: true, status_message: 'Success' } });
    const parse = vi.spyOn(JSON, 'parse');
    try {
      expect(answeredOutcome(response)).toBe('succeeded');
      expect(parse).not.toHaveBeenCalled();
    } finally {
      parse.mockRestore();
    }
  });

  it('reads the text once a middleware rewrote it (a JSONP answer is no JSON)', () => {
    const response = jsonResponse(201, { response: { success: true, status_message: 'Success' } });
    response.body = `cb(${response.body});`;
    expect(answeredOutcome(response)).toBe('failed');
  });
});

describe('Powertools Metrics, one line of the embedded metric format a metric', () => {
  afterEach(() => {
    vi.restoreAllMocks();
    vi.unstubAllEnvs();
  });

  it('prints the metric under its dimensions and under service alone, and tells the listeners', () => {
    // As in Lambda: an in-process local stack started by another file of this module graph
    // silences the lines through the environment (it keeps the samples instead).
    vi.stubEnv('POWERTOOLS_METRICS_DISABLED', 'false');
    const lines: string[] = [];
    vi.spyOn(process.stdout, 'write').mockImplementation((chunk) => {
      lines.push(String(chunk));
      return true;
    });
    const seen: MetricSample[] = [];
    const stop = observeMetrics((sample) => seen.push(sample));
    try {
      powertoolsMetrics().record('Charges', 1, { Environment: 'live', Outcome: 'declined' });
    } finally {
      stop();
    }
    const emf = JSON.parse(lines.find((line) => line.includes('"_aws"'))!);
    expect(emf._aws.CloudWatchMetrics).toEqual([
      {
        Namespace: 'Wattle',
        Dimensions: [['service', 'Environment', 'Outcome'], ['service']],
        Metrics: [{ Name: 'Charges', Unit: 'Count' }],
      },
    ]);
    expect(emf).toMatchObject({ service: 'wattle', Environment: 'live', Outcome: 'declined', Charges: 1 });
    expect(seen).toEqual([
      { name: 'Charges', value: 1, unit: 'Count', dimensions: { Environment: 'live', Outcome: 'declined' } },
    ]);
  });
});

describe('Powertools Metrics silenced (the local stack)', () => {
  afterEach(() => {
    vi.restoreAllMocks();
    vi.unstubAllEnvs();
  });

  it('tells the listeners, writes nothing and builds no single metric', () => {
    vi.stubEnv('POWERTOOLS_METRICS_DISABLED', 'true');
    const written = vi.spyOn(process.stdout, 'write').mockImplementation(() => true);
    const built = vi.spyOn(Metrics.prototype, 'singleMetric');
    const seen: MetricSample[] = [];
    const stop = observeMetrics((sample) => seen.push(sample));
    try {
      powertoolsMetrics().record('Refunds', 1, { Environment: 'test', Outcome: 'succeeded' });
    } finally {
      stop();
    }
    expect(seen).toHaveLength(1);
    expect(built).not.toHaveBeenCalled();
    expect(written).not.toHaveBeenCalled();
  });
});

describe('tracing', () => {
  it('is wanted in Lambda unless POWERTOOLS_TRACE_ENABLED is false, and never outside it', () => {
    const lambda = { AWS_EXECUTION_ENV: 'AWS_Lambda_nodejs22.x' };
    expect(tracingWanted(lambda)).toBe(true);
    expect(tracingWanted({ ...lambda, POWERTOOLS_TRACE_ENABLED: 'true' })).toBe(true);
    expect(tracingWanted({ ...lambda, POWERTOOLS_TRACE_ENABLED: 'FALSE' })).toBe(false);
    expect(tracingWanted({})).toBe(false);
  });

  it('loads no tracer outside Lambda: the tests and the local stack evaluate no X-Ray SDK', () => {
    expect(process.env.AWS_EXECUTION_ENV).toBeUndefined();
    expect(functionTracer()).toBeUndefined();
  });
});
