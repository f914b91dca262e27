#!/usr/bin/env python3
# Writes tests/scripts/stax_whole_game.txt: usage stax_whole_game.py SEED [CLI] [OUT]
import subprocess, random, sys
CLI=sys.argv[2] if len(sys.argv)>2 else 'build/test/stackhouse-cli'
START="r:a1=r,c1=r,e1=r,g1=r,b2=r,d2=r,f2=r,h2=r,a3=r,c3=r,e3=r,g3=r,b6=b,d6=b,f6=b,h6=b,a7=b,c7=b,e7=b,g7=b,b8=b,d8=b,f8=b,h8=b"
rnd=random.Random(int(sys.argv[1]) if len(sys.argv)>1 else 3)
def sq(n): return (ord(n[0])-97) + 8*(int(n[1])-1)
def parse(m):
    sep='x' if 'x' in m else '-'
    return [sq(s) for s in m.split(sep)]
def legal(p): return subprocess.run([CLI,'legal','stax',p],capture_output=True,text=True).stdout.split()
def apply(p,m):
    out=subprocess.run([CLI,'apply','stax',p,m],capture_output=True,text=True).stdout.split('\n')
    return out[0], out[1]
def nearest(cur, targets):
    best=None; bd=1e9
    for s in sorted(targets):
        dx=(s&7)-(cur&7); dy=(s>>3)-(cur>>3); d=dx*dx+dy*dy
        if d<bd: bd=d; best=s
    return best
lines=['# A whole STAX game by controller alone, both seats people (hot seat): written by','# tests/scripts/stax_whole_game.py 3 (random legal moves, seed 3, through stackhouse-cli),','# which follows the cursor as the view moves it (a pick, a landing, a forced jump).','pad attach','wait 30','expect-scene table']
def goto(cur, dst):
    dx=(dst&7)-(cur&7); dy=(dst>>3)-(cur>>3)
    for _ in range(abs(dx)): lines.append('pad dpright' if dx>0 else 'pad dpleft')
    for _ in range(abs(dy)): lines.append('pad dpup' if dy>0 else 'pad dpdown')
    return dst
p=START; cur=sq('c3'); ply=0; shots=0
while True:
    ms=legal(p)
    if not ms: break
    m=rnd.choice(ms); path=parse(m); paths=[parse(x) for x in ms]
    cur=goto(cur,path[0]); lines.append('pad a'); lines.append('wait 2')
    t1={q[1] for q in paths if q[0]==path[0]}
    cur=nearest(path[0], t1) if t1 else cur  # a pick: the cursor goes to the nearest landing
    for k in range(1,len(path)):
        pref=path[:k]
        targets={q[k] for q in paths if q[:k]==pref and len(q)>k}
        if k>=2 and len(targets)==1:
            lines.append('wait 70')  # a forced jump plays itself
            cur=path[k]
        else:
            cur=goto(cur,path[k]); lines.append('pad a'); lines.append('wait 2')
            if k<len(path)-1:
                lines.append('wait 40')
                # a landing mid-chain: the cursor goes to the next landing nearest it
                nt={q[k+1] for q in paths if q[:k+1]==path[:k+1] and len(q)>k+1}
                cur=nearest(cur, nt)
    cur=path[-1]
    lines.append('wait 45')
    ply+=1
    p,res=apply(p,m)
    if 'ongoing' not in res: break
    if ply>400: break
lines.append('wait 60')
lines.append('pad a')
lines.append('wait-scene score 600')
lines.append('wait 60')
open(sys.argv[3] if len(sys.argv)>3 else 'tests/scripts/stax_whole_game.txt','w').write('\n'.join(lines)+'\n')
print(ply, res, m)
