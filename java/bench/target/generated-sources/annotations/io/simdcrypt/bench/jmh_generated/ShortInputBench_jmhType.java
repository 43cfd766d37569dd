package io.simdcrypt.bench.jmh_generated;
public class ShortInputBench_jmhType extends ShortInputBench_jmhType_B3 {
}

