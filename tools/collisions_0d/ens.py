# ensemble of 0D e-i relaxation runs: mean and spread of the ratio (T_e - T_i)/(theory) at tau, and worst
import numpy as np, sys
from model import *
N=int(sys.argv[1]); div=float(sys.argv[2]); intra=float(sys.argv[3]); group=int(sys.argv[4]); seeds=int(sys.argv[5])
mi=10*me; n=1e26; lnL=10; dt=2.5e-14/div
res=[]
for sd in range(seeds):
    rng=np.random.default_rng(100+sd)
    ve=rng.normal(size=(N,3))*np.sqrt(200*qe/me); vi=rng.normal(size=(N,3))*np.sqrt(100*qe/mi)
    def perm():
        if group==0: return rng.permutation(N)
        k=rng.random((N//group,group)).argsort(1)+np.arange(0,N,group)[:,None]; return k.ravel()
    def intra_coll(v,m):
        p=perm(); a,b=p[0::2],p[1::2]
        va,vb,_=collide(v[a],v[b],m,m,n,dt,intra,rng); v[a]=va; v[b]=vb
    te,ti=T(ve,me),T(vi,mi); tau=1/(2*nu(me,mi,te,ti,n,lnL)); the,thi=te,ti
    steps=int(tau/dt); worst=0
    for k in range(steps):
        p=perm(); q=perm()
        ve2,vi2,s=collide(ve[p],vi[q],me,mi,n,dt,lnL,rng); ve[p]=ve2; vi[q]=vi2
        if intra>0: intra_coll(ve,me); intra_coll(vi,mi)
        elif intra<0: ve=maxw(ve,me,rng); vi=maxw(vi,mi,rng)
        h=dt/4
        for _ in range(4):
            r=nu(me,mi,the,thi,n,lnL); the,thi=the-h*r*(the-thi),thi+h*r*(the-thi)
        if k%10==9 or k==steps-1:
            te,ti=T(ve,me),T(vi,mi)
            worst=max(worst,abs((te-ti)-(the-thi))/(the-thi))
    res.append(((te-ti)/(the-thi),worst))
    print(sd, res[-1], flush=True)
r=np.array(res)
print(f"N {N} dt/{div} intra {intra} group {group}: ratio at tau mean {r[:,0].mean():.4f} sd {r[:,0].std(ddof=1):.4f} (sem {r[:,0].std(ddof=1)/np.sqrt(len(r)):.4f}); worst mean {r[:,1].mean():.4f} max {r[:,1].max():.4f}")
