/** The parts of rendered Kubernetes objects the chart tests read (not the whole API). */
export interface ObjectMeta {
  name: string;
  namespace?: string;
  labels?: Record<string, string>;
  annotations?: Record<string, string>;
}

export interface K8sObject<Spec = unknown> {
  apiVersion: string;
  kind: string;
  metadata: ObjectMeta;
  spec?: Spec;
  automountServiceAccountToken?: boolean;
}

export interface EnvVar {
  name: string;
  value?: string;
  valueFrom?: { secretKeyRef?: { name: string; key: string } };
}

export interface HttpProbe {
  httpGet: { path: string; port: string | number };
}

export interface SecurityContext {
  runAsNonRoot?: boolean;
  runAsUser?: number;
  allowPrivilegeEscalation?: boolean;
  privileged?: boolean;
  readOnlyRootFilesystem?: boolean;
  capabilities?: { drop?: string[]; add?: string[] };
  seccompProfile?: { type: string };
}

export interface Container {
  name: string;
  image: string;
  env?: EnvVar[];
  ports?: { name: string; containerPort: number }[];
  startupProbe?: HttpProbe;
  livenessProbe?: HttpProbe;
  readinessProbe?: HttpProbe;
  resources?: {
    requests?: { cpu?: string; memory?: string };
    limits?: { cpu?: string; memory?: string };
  };
  securityContext?: SecurityContext;
  volumeMounts?: { name: string; mountPath: string; readOnly?: boolean }[];
}

export interface PodSpec {
  serviceAccountName?: string;
  automountServiceAccountToken?: boolean;
  securityContext?: SecurityContext;
  containers: Container[];
  volumes?: { name: string; secret?: { secretName: string }; emptyDir?: object }[];
  restartPolicy?: string;
}

export interface PodTemplate {
  metadata: { labels?: Record<string, string>; annotations?: Record<string, string> };
  spec: PodSpec;
}

export interface DeploymentSpec {
  replicas?: number;
  selector: { matchLabels: Record<string, string> };
  template: PodTemplate;
}

export interface JobSpec {
  template: PodTemplate;
}

export interface ServiceSpec {
  type: string;
  selector: Record<string, string>;
  ports: { name: string; port: number; targetPort: string | number }[];
}

export interface LabelSelector {
  matchLabels?: Record<string, string>;
}

export interface NetworkPolicySpec {
  podSelector: LabelSelector;
  policyTypes: string[];
  ingress?: { from?: object[]; ports?: { port: string | number }[] }[];
}

export interface PodDisruptionBudgetSpec {
  selector: LabelSelector;
  maxUnavailable?: number | string;
  minAvailable?: number | string;
}

export interface HorizontalPodAutoscalerSpec {
  scaleTargetRef: { kind: string; name: string };
  minReplicas: number;
  maxReplicas: number;
  metrics: { type: string; resource?: { name: string } }[];
}

export interface ScaledObjectSpec {
  scaleTargetRef: { name: string };
  minReplicaCount: number;
  maxReplicaCount: number;
  triggers: {
    type: string;
    metadata: Record<string, string>;
    authenticationRef?: { name: string };
  }[];
}

export interface TriggerAuthenticationSpec {
  secretTargetRef: { parameter: string; name: string; key: string }[];
}

export interface IngressSpec {
  rules: {
    host: string;
    http: { paths: { backend: { service: { name: string } } }[] };
  }[];
  tls?: { secretName: string }[];
}

export interface ExternalSecretSpec {
  secretStoreRef: { kind: string; name: string };
  target: { name: string; creationPolicy: string };
  data: { secretKey: string; remoteRef: { key: string } }[];
}
