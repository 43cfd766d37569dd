package io.simdcrypt.bench.jmh_generated;
public class CipherBench_jmhType extends CipherBench_jmhType_B3 {
}

