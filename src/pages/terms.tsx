import { policyRoute } from "../lib/policy-route.tsx";

export default policyRoute("terms");
