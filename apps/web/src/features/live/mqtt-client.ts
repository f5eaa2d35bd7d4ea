import { LIVE_CLIENT_OPTIONS, type LiveConnectionData } from '@floordesk/protocol';
import type { LiveClient, LiveClientHandlers } from './live-connection';

/**
 * Connects with mqtt.js, loaded on first use so the first page does not carry it: MQTT 3.1.1 over WebSocket with the
 * original app's options (QoS 0, clean session, keep-alive 60 s, connect timeout 30 s) and no reconnect of its own,
 * since the manager reconnects with a fresh credential. A refused subscription counts as a lost connection.
 */
export function connectMqtt(info: LiveConnectionData, handlers: LiveClientHandlers): LiveClient {
  let ended = false;
  let end: (() => void) | undefined;
  void import('mqtt')
    .then(({ default: mqtt }) => {
      if (ended) return;
      const client = mqtt.connect(info.host, {
        username: info.username,
        password: info.password,
        clientId: info.clientId,
        protocolVersion: 4,
        clean: LIVE_CLIENT_OPTIONS.clean,
        keepalive: LIVE_CLIENT_OPTIONS.keepaliveS,
        connectTimeout: LIVE_CLIENT_OPTIONS.connectTimeoutMs,
        reconnectPeriod: 0,
      });
      let lost = false;
      const lose = () => {
        if (lost || ended) return;
        lost = true;
        handlers.onLost();
      };
      end = () => client.end(true);
      client.on('connect', () => {
        client.subscribe(info.topic, { qos: LIVE_CLIENT_OPTIONS.qos }, (error, granted) => {
          if (error || granted?.some((grant) => grant.qos === 128)) lose();
          else handlers.onReady();
        });
      });
      client.on('message', (_topic, payload) => handlers.onMessage(payload.toString()));
      client.on('error', lose);
      client.on('close', lose);
      client.on('offline', lose);
    })
    .catch(handlers.onLost);
  return {
    end: () => {
      ended = true;
      end?.();
    },
  };
}
